//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — cell: thread 0 copies 16 bytes into cell.a (12 bytes), writing cell.b, while thread 1 writes cell.b, with no barrier.
// A header of three ints and a count, filled by two threads.
struct Cell {
    int a[3];
    int b;
};

__global__ void header(const int *src, int *out)
{
    __shared__ Cell cell;
    int t = threadIdx.x;
    if (t == 0)
        memcpy(cell.a, src, 4 * sizeof(int)); // BUG: a holds three ints
    if (t == 1)
        cell.b = src[8];
    __syncthreads();
    out[t] = cell.a[t % 3] + cell.b;
}
