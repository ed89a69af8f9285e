//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — `if (row[threadIdx.x] != 0.0f)` tests each thread's own sample: some threads of a block may skip the barrier inside.
// div_float_param_condition.cu testing the data instead of the parameter.
__global__ void preemph(float *x, float coeff)
{
    __shared__ float s[256];
    float *row = x + blockIdx.x * 256;
    if (row[threadIdx.x] != 0.0f) {
        s[threadIdx.x] = row[threadIdx.x];
        __syncthreads();
        if (threadIdx.x > 0)
            row[threadIdx.x] = s[threadIdx.x] - coeff * s[threadIdx.x - 1];
    }
}
