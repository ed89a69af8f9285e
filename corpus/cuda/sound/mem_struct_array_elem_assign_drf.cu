//pass
//--blockDim=64 --gridDim=1
// expect: drf — cells: the barrier separates the resets from the member writes.
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
    __syncthreads();
    if (t % 4 != 0)
        cells[t / 4].v[t % 4] = in[t];
    __syncthreads();
    out[t] = cells[t / 4].v[t % 4];
}
