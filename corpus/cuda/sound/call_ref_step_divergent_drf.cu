//pass
//--blockDim=64 --gridDim=1
// expect: drf — every thread runs 8 rounds; s is written and read between barriers, data[t] by thread t only.
// A helper advances the round counter.
__device__ void advance(int &k, int t)
{
    k += 1;
}

__global__ void rotate(float *data)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    for (int k = 0; k < 8; advance(k, t)) {
        s[t] = data[t];
        __syncthreads();
        data[t] = s[(t + 1) % 64];
        __syncthreads();
    }
}
