//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — cells: thread 4k assigns cells[k] whole while thread 4k+1 writes cells[k].v[1], with no barrier.
// Four threads share a cell: the first resets it, the others fill it.
struct Cell {
    int v[4];
};

__global__ void fillCells(const int *in, int *out)
{
    __shared__ Cell cells[16];
    int t = threadIdx.x;
    if (t % 4 == 0)
        cells[t / 4] = Cell{};
    else
        cells[t / 4].v[t % 4] = in[t]; // BUG: the reset covers v[1..3]
    __syncthreads();
    out[t] = cells[t / 4].v[t % 4];
}
