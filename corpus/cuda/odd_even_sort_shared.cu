//pass
//--blockDim=128 --gridDim=32
// expect: drf — in each phase thread tid owns the pair s[2*tid+p], s[2*tid+p+1] (p = phase parity), pairs of distinct threads are disjoint, and each phase ends with a barrier.
// Odd-even transposition sort of a 256-element segment per block, two
// elements per thread.
#define SEG 256

__global__ void oddEvenSort(int *data)
{
    __shared__ int s[SEG];
    int tid = threadIdx.x;
    int *seg = data + blockIdx.x * SEG;

    s[tid] = seg[tid];
    s[tid + SEG / 2] = seg[tid + SEG / 2];
    __syncthreads();

    for (int phase = 0; phase < SEG; ++phase) {
        int i = 2 * tid + (phase & 1);
        if (i + 1 < SEG) {
            int a = s[i], b = s[i + 1];
            if (a > b) {
                s[i] = b;
                s[i + 1] = a;
            }
        }
        __syncthreads();
    }

    seg[tid] = s[tid];
    seg[tid + SEG / 2] = s[tid + SEG / 2];
}
