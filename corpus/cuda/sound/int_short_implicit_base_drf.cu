//pass
//--blockDim=64 --gridDim=8
// expect: drf — buf: thread t of block b writes buf[16384b + t], one cell per thread of the grid.
// Each block owns a 16384-element slice, its base kept in an int.
__global__ void slices(const float *in, float *buf)
{
    int base = blockIdx.x * 16384;
    int t = threadIdx.x;
    buf[base + t] = in[blockIdx.x * 64 + t];
}
