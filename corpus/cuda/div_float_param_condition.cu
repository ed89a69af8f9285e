//pass
//--blockDim=256 --gridDim=32
// expect: drf — `if (coeff != 0.0f)` tests a float parameter, the same for the whole launch: every thread of the block reaches the barrier inside, or none.
// Pre-emphasis applied in place when the caller asks for it.
__global__ void preemph(float *x, float coeff)
{
    __shared__ float s[256];
    float *row = x + blockIdx.x * 256;
    if (coeff != 0.0f) {
        s[threadIdx.x] = row[threadIdx.x];
        __syncthreads();
        if (threadIdx.x > 0)
            row[threadIdx.x] = s[threadIdx.x] - coeff * s[threadIdx.x - 1];
    }
}
