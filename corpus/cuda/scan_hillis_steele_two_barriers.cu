//pass
//--blockDim=256 --gridDim=16
// expect: drf — each step first reads the neighbour temp[tid-offset] into a register, waits at a barrier, then writes its own temp[tid] and waits again, so reads and writes are in different intervals.
// In-place Hillis-Steele scan made correct with two barriers per step.
#define BLOCK 256

__global__ void scanTwoBarriers(const float *g_idata, float *g_odata)
{
    __shared__ float temp[BLOCK];

    int tid = threadIdx.x;
    int base = blockIdx.x * BLOCK;

    temp[tid] = g_idata[base + tid];
    __syncthreads();

    for (int offset = 1; offset < BLOCK; offset <<= 1) {
        float addend = 0.0f;
        if (tid >= offset)
            addend = temp[tid - offset];
        __syncthreads();
        temp[tid] += addend;
        __syncthreads();
    }

    g_odata[base + tid] = temp[tid];
}
