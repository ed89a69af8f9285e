//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — buf: the dependent call shiftIn<OFFSET>(buf, t) makes thread t read buf[t + 1] while thread t + 1 writes buf[t + 1]; there is no barrier between them.
// A device function template called with the kernel's own template
// argument; the call is only resolved per instantiation (OFFSET = 1).
template <int OFFSET>
__device__ float shiftIn(const float *buf, int t)
{
    return buf[(t + OFFSET) % 256];
}

template <int OFFSET>
__global__ void rotateLeft(float *data)
{
    __shared__ float buf[256];
    int t = threadIdx.x;
    buf[t] = data[blockIdx.x * 256 + t];
    // BUG: missing __syncthreads()
    data[blockIdx.x * 256 + t] = shiftIn<OFFSET>(buf, t);
}

template __global__ void rotateLeft<1>(float *);
