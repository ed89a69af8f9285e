// expect: racy — `[[likely]]` only hints the branch: threads 4.. all write s[0].
__global__ void k(int *A)
{
    __shared__ int s[256];
    if (threadIdx.x > 3) [[likely]] {
        s[0] = threadIdx.x; // each thread its own value: not a benign same-value write
    }
}
