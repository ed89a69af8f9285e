//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — L: thread 63 writes byte 63 through p[t] (that is L[0][3][3][3]) while thread 0 writes L[0][3][3][3] directly, with no barrier.
// Byte flags of a 2x4x4x4 occupancy grid, set through a flat char pointer.
__global__ void markCells(const int *hit, char *out)
{
    __shared__ char L[2][4][4][4];
    int t = threadIdx.x;
    char *p = &L[0][0][0][0];
    p[t] = hit[t] != 0;
    if (t == 0)
        L[0][3][3][3] = 1; // BUG: the last cell of the first half is thread 63's byte
    __syncthreads();
    out[t] = L[0][t / 16][(t / 4) % 4][t % 4];
}
