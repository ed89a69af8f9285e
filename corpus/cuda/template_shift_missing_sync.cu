//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
// expect: racy — buf: thread t+1 writes buf[t+1] while thread t reads buf[(t+1) % TILE] = buf[t+1]; there is no barrier between the fill and the read.
// In-place rotate of each TILE-element segment, templated and instantiated
// for TILE = 128, with the barrier forgotten.
template <int TILE>
__global__ void shiftLeft(float *data)
{
    __shared__ float buf[TILE];
    float *seg = data + blockIdx.x * TILE;

    buf[threadIdx.x] = seg[threadIdx.x];
    // BUG: missing __syncthreads()
    seg[threadIdx.x] = buf[(threadIdx.x + 1) % TILE];
}

template __global__ void shiftLeft<128>(float *);
