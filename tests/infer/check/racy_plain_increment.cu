// expect: racy — every thread increments the same shared counter without an atomic.
__global__ void k(void)
{
    __shared__ int c;
    c++;
}
