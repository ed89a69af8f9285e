//pass
//--blockDim=256 --gridDim=64
// expect: drf — for any BLOCK and T, buf[threadIdx.x] is written before the barrier and buf[(threadIdx.x+1) % blockDim.x] read after it; in and out are indexed by blockIdx.x*blockDim.x+threadIdx.x, one cell per thread.
// Rotate each block's segment left by one, as a template that nothing
// instantiates in this file (BLOCK only sizes the buffer).
template <int BLOCK, typename T>
__global__ void rotateWithinBlock(const T *in, T *out)
{
    __shared__ T buf[BLOCK];
    int base = blockIdx.x * blockDim.x;

    buf[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}
