//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — without the barrier at the end of a pass, thread t reads buf[src][j] of the run that thread 2t + 1 is still writing as buf[1 - src][k] in the previous pass.
// Bottom-up merge sort of a 256-key segment per block: the keys are
// loaded into buf[0], each pass merges pairs of sorted runs of width w
// from one buffer into the other, and the buffers swap roles.
#define SEG 256

__global__ void mergeSortSharedNoPassSync(const int *in, int *out)
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
    }

    for (int i = tid; i < SEG; i += blockDim.x)
        out[blockIdx.x * SEG + i] = buf[src][i];
}
