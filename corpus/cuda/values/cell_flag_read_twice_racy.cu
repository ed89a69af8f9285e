//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — mode: thread 0's write mode[0] = 0 and another thread's read of mode[0] (in any block), unordered; readers may then see two values and data[i] is written by one thread while its partner reads it.
// cell_flag_read_twice.cu where thread 0 consumes the request by clearing mode[0] between the two reads.
__global__ void scaleOrPair(int *mode, float *data, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (mode[0])
        data[i] = 2.0f * data[i];
    if (i == 0)
        mode[0] = 0;
    float x = data[i];
    if (!mode[0])
        x += data[i ^ 1];
    out[i] = x;
}
