//pass
//--blockDim=256 --gridDim=64
// expect: drf — float &mine = acc[threadIdx.x] names the thread's own cell; every update goes through it, and the mirrored read acc[255 - t] comes after the barrier.
// Accumulating through a C++ reference to a shared-memory cell.
__global__ void accumulateRows(const float *in, float *out, int rows)
{
    __shared__ float acc[256];
    float &mine = acc[threadIdx.x];
    mine = 0.0f;
    for (int r = 0; r < rows; r++)
        mine += in[(blockIdx.x * rows + r) * 256 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = acc[255 - threadIdx.x];
}
