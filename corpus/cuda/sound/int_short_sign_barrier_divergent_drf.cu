//pass
//--blockDim=256 --gridDim=1
// expect: drf — key = t * 256 is never negative, so every thread reaches the barrier; s[t] is written before it and read after it.
// A reversal guarded by a sign test on a packed key.
__global__ void reverseHalf(float *data)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    s[t] = data[t];
    int key = t * 256;
    if (key >= 0) {
        __syncthreads();
        data[t] = s[255 - t];
    }
}
