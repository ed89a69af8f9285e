// expect: racy — `#pragma unroll` is a hint: the loop still runs i = 0..3, and thread t's s[t + 1] is thread t+1's s[t+1 + 0].
__global__ void k(int *A)
{
    __shared__ int s[256];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        s[threadIdx.x + i] = A[i];
    }
}
