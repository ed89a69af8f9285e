// expect: drf — every thread adds to one counter, atomically.
__global__ void k(int *count)
{
    __shared__ int c;
    atomicAdd(&c, 1);
    atomicAdd(count, 1);
}
