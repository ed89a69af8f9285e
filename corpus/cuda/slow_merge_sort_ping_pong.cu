//pass
//--blockDim=128 --gridDim=32
// expect: drf — in each pass thread t merges runs into cells [t*2w, t*2w + 2w) of the other buffer, reads only the current buffer, and a barrier ends every pass.
// Bottom-up merge sort of a 256-key segment per block: the keys are
// loaded into buf[0], each pass merges pairs of sorted runs of width w
// from one buffer into the other, and the buffers swap roles.
#define SEG 256

__global__ void mergeSortShared(const int *in, int *out)
{
    __shared__ int buf[2][SEG];
    int tid = threadIdx.x;
    const int *seg_in = in + blockIdx.x * SEG;

    for (int i = tid; i < SEG; i += blockDim.x)
        buf[0][i] = seg_in[i];
    __syncthreads();

    int src = 0;
    for (int w = 1; w < SEG; w <<= 1) {
        int start = tid * 2 * w;
        if (start < SEG) {
            int mid = start + w, end = start + 2 * w;
            int i = start, j = mid;
            for (int k = start; k < end; k++) {
                bool takeLeft = j >= end || (i < mid && buf[src][i] <= buf[src][j]);
                if (takeLeft)
                    buf[1 - src][k] = buf[src][i++];
                else
                    buf[1 - src][k] = buf[src][j++];
            }
        }
        src = 1 - src;
        __syncthreads();
    }

    for (int i = tid; i < SEG; i += blockDim.x)
        out[blockIdx.x * SEG + i] = buf[src][i];
}
