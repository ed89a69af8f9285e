//pass
//--blockDim=256 --gridDim=64
// expect: drf — if (blockIdx.x == 0) is uniform within a block, so its barrier is reached by all threads of block 0; hdr_s is written by threads 0..15 before it and read by thread 0 after it; header[0] is written by one thread of the grid.
// Every block scales its slice; block 0 also computes a checksum header.
__global__ void scaleWithHeader(const float *in, float *out, const float *hdr, float *header, float a)
{
    __shared__ float hdr_s[16];
    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;

    out[i] = a * in[i];

    if (blockIdx.x == 0) {
        if (tid < 16)
            hdr_s[tid] = hdr[tid];
        __syncthreads();
        if (tid == 0) {
            float sum = 0.0f;
            for (int k = 0; k < 16; ++k)
                sum += hdr_s[k];
            header[0] = sum;
        }
    }
}
