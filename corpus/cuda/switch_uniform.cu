//pass
//--blockDim=256 --gridDim=64
// expect: drf — the switch is on the uniform parameter mode, so the barrier in case 1 is reached by all threads of the block or none; s[tid] is written before it and s[blockDim.x-1-tid] read after it; out[i] is one cell per thread.
// One kernel, several element-wise modes chosen by a switch on a uniform
// parameter; mode 1 reverses each block's segment through shared memory.
__global__ void transformByMode(const float *in, float *out, int mode)
{
    __shared__ float s[256];
    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    float v = in[i];

    switch (mode) {
    case 0:
        out[i] = v;
        break;
    case 1:
        s[tid] = v;
        __syncthreads();
        out[i] = s[blockDim.x - 1 - tid];
        break;
    case 2:
        out[i] = v * v;
        break;
    default:
        out[i] = -v;
        break;
    }
}
