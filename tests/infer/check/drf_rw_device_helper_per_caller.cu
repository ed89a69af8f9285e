// expect: drf — the helper is inlined at each call with that call's constant: a is written with stride 64 and b with stride 128, each thread at its own cell of its block's row (blockDim.x <= 64 from tile's bounds).
__device__ void store_row(int *row, int stride)
{
    row[blockIdx.x * stride + threadIdx.x] = threadIdx.x;
}

__global__ void two_rows(int *a, int *b)
{
    __shared__ int tile[64];
    tile[threadIdx.x] = threadIdx.x;
    store_row(a, 64);
    store_row(b, 128);
}
