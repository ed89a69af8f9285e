//pass
//--blockDim=64 --gridDim=2
// expect: drf — status: only the launch's first thread reports a negative mode.
// A mode set by the host in constant memory; a negative one is an error to report.
__constant__ int c_mode;
__global__ void run_mode(int *data, int *status)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (c_mode < 0) {
        if (i == 0)
            status[0] = c_mode;
    } else {
        data[i] = c_mode;
    }
}
