//pass
//--blockDim=256 --gridDim=16
// expect: drf — each step writes only temp[pout*BLOCK+tid] and reads only the other buffer temp[pin*BLOCK+...]; the buffers swap after a barrier, so no cell is written and read in the same interval.
// Inclusive Hillis-Steele scan of each block's segment, double-buffered in
// shared memory as in GPU Gems 3, ch. 39 (naive scan).
#define BLOCK 256

__global__ void scanHillisSteele(const float *g_idata, float *g_odata)
{
    __shared__ float temp[2 * BLOCK];

    int tid = threadIdx.x;
    int base = blockIdx.x * BLOCK;
    int pout = 0, pin = 1;

    temp[pout * BLOCK + tid] = g_idata[base + tid];
    __syncthreads();

    for (int offset = 1; offset < BLOCK; offset *= 2) {
        pout = 1 - pout;              // swap the double buffer
        pin = 1 - pout;
        if (tid >= offset)
            temp[pout * BLOCK + tid] = temp[pin * BLOCK + tid] + temp[pin * BLOCK + tid - offset];
        else
            temp[pout * BLOCK + tid] = temp[pin * BLOCK + tid];
        __syncthreads();
    }

    g_odata[base + tid] = temp[pout * BLOCK + tid];
}
