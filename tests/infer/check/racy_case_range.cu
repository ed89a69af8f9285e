// expect: racy — GNU `case 0 ... 1000:` covers every thread of a block, and each writes s[0].
__global__ void k(int *A)
{
    __shared__ int s[4];
    switch (threadIdx.x) {
    case 0 ... 1000:
        s[0] = threadIdx.x; // each thread its own value: not a benign same-value write
        break;
    default:
        break;
    }
}
