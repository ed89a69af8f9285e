// expect: racy — c: the threads of two rows of a 2-D block write different values (threadIdx.y) to c[blockIdx.x].
__global__ void k(int *c)
{
    c[blockIdx.x] = threadIdx.y;
}
