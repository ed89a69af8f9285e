//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — A: thread 0 reads bytes 1..4 through the misaligned int (byte 4 is A[1]) while thread 1 writes A[1], with no barrier.
// Thread 0 peeks at a packed field that starts one byte into the buffer.
__global__ void peekPacked(const int *in, int *out)
{
    __shared__ int A[64];
    int t = threadIdx.x;
    A[t] = in[t];
    if (t == 0)
        out[64] = *(int *)((char *)A + 1); // BUG: bytes 1..4 reach A[1]
    __syncthreads();
    out[t] = A[(t + 1) % 64];
}
