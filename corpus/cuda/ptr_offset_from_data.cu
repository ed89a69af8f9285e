//pass
//--blockDim=64 --gridDim=32
// expect: drf — p = samples + (int)start[blockIdx.x] moves within samples by an offset computed from a float: the thread only reads through p and writes its own cell of out.
// Each block reads a window of samples that starts at a position it reads as a float.
__global__ void window(const float *samples, const float *start, float *out, int len)
{
    const float *p = samples + (int)start[blockIdx.x];
    for (int i = threadIdx.x; i < len; i += blockDim.x)
        out[blockIdx.x * len + i] = p[i];
}
