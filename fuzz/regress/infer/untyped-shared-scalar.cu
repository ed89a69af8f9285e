//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — temp: thread tid reads temp[tid-offset] while thread tid-offset writes temp[tid-offset] (its own temp[tid] +=) in the same step.
// Hillis-Steele scan done in place in a single buffer: the update reads a
// neighbour that may already have been updated in this step.
#define BLOCK 256

__global__ void scanSingleBuffer(const float *g_idata, float *g_odata)
{
    __shared__ float h, and the compile-time tests on blockSize are unifse = blockIdx.x * BLOCK;

    temp[tid] = g_idata[base + tid];
    __syncthreads();

    for (int offset = 1; offset < BLOCK; offset *= 2) {
        if (tid >= offset)
            temp[tid] += temp[tid - offset];   // BUG: read and write in one interval
        __syncthreads();
    }

    g_odata[base + tid] = temp[tid];
}
