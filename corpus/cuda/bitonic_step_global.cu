//pass
//--blockDim=256 --gridDim=64
// expect: drf — for any j, only the lower thread i of each pair {i, i^j} (the one with ixj > i) touches a[i] and a[ixj], so no two threads share a cell.
// One compare-and-swap step (j, k) of a global-memory bitonic sort; the
// host launches it for k = 2, 4, ..., n and j = k/2, ..., 1.
__global__ void bitonicSortStep(int *a, int j, int k)
{
    unsigned int i = threadIdx.x + blockDim.x * blockIdx.x;
    unsigned int ixj = i ^ j;

    if (ixj > i) {
        int ai = a[i], aj = a[ixj];
        bool ascending = (i & k) == 0;
        if ((ascending && ai > aj) || (!ascending && ai < aj)) {
            a[i] = aj;
            a[ixj] = ai;
        }
    }
}
