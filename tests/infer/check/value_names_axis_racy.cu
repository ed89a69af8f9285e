// expect: racy — c: every block writes c[0], and the value it writes, blockIdx.y, differs between two rows of blocks: the y axis is used, so it is not taken as 1.
__global__ void k(int *c)
{
    c[0] = blockIdx.y;
}
