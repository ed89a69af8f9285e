//pass
//--blockDim=256 --gridDim=64
// expect: drf — row = A + blockIdx.x*blockDim.x, so row[threadIdx.x] is one cell of A per thread; in shared memory buf[tid] and hi[tid] = buf[256+tid] are disjoint and read after the barrier.
// Per-row scale and pairwise swap through aliased pointers into global and
// shared memory (one row of blockDim.x floats per block).
__global__ void scaleAndSwapHalves(float *A, const float *scale)
{
    __shared__ float buf[512];
    float *hi = buf + 256;
    float *row = A + blockIdx.x * blockDim.x;
    unsigned int tid = threadIdx.x;

    float v = row[tid] * scale[blockIdx.x];
    buf[tid] = v;
    hi[tid] = -v;
    __syncthreads();

    row[tid] = buf[blockDim.x - 1 - tid] + hi[tid];
}
