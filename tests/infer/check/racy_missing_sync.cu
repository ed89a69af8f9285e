// expect: racy — thread t writes s[t] and thread t+1 reads it with no barrier between.
__global__ void k(float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = 1.0f;
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
