//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — status: a __constant__ int may hold a negative mode, and then every thread writes status[0].
// A mode set by the host in constant memory; a negative one is an error to report.
__constant__ int c_mode;
__global__ void run_mode(int *data, int *status)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (c_mode < 0)
        status[0] = i; // BUG: every thread reports the error in one cell
    else
        data[i] = c_mode;
}
