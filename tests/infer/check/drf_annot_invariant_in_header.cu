//pass
//--blockDim=64 --gridDim=2
// expect: drf — the loop's invariants sit in its condition (GPUVerify's comma form): the loop stays exact, its barriers uniform.
__global__ void k(float *out, const float *in, int steps)
{
    __shared__ float s[64];
    for (int t = 0; __invariant(t >= 0), __global_invariant(__no_write(in)), t < steps; t++) {
        s[threadIdx.x] = in[t * 64 + threadIdx.x];
        __syncthreads();
        out[blockIdx.x * 64 + threadIdx.x] += s[63 - threadIdx.x];
        __syncthreads();
    }
}
