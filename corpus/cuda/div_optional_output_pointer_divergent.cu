//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: divergent — e = extra[i] is each thread's own pointer, read from memory: some threads of a block may find it null and skip the barriers inside.
// div_optional_output_pointer.cu with a per-element flag pointer deciding the second pass.
__global__ void smooth(const float *in, float *out, const float *const *extra)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    s[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = 0.5f * (s[threadIdx.x] + s[(threadIdx.x + 1) % 256]);
    const float *e = extra[i];
    if (e != nullptr) {
        __syncthreads();
        s[threadIdx.x] = out[i];
        __syncthreads();
        out[i] += s[(threadIdx.x + 255) % 256];
    }
}
