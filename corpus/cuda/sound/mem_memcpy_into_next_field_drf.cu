//pass
//--blockDim=64 --gridDim=1
// expect: drf — cell: thread 0 copies the 12 bytes of cell.a and thread 1 writes cell.b: distinct bytes; the reads follow the barrier.
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
        memcpy(cell.a, src, sizeof cell.a);
    if (t == 1)
        cell.b = src[8];
    __syncthreads();
    out[t] = cell.a[t % 3] + cell.b;
}
