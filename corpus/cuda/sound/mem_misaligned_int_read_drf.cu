//pass
//--blockDim=64 --gridDim=1
// expect: drf — A: thread 0 reads byte 3, inside its own A[0]; the other reads follow the barrier.
// Thread 0 peeks at a packed field that starts one byte into the buffer.
__global__ void peekPacked(const int *in, int *out)
{
    __shared__ int A[64];
    int t = threadIdx.x;
    A[t] = in[t];
    if (t == 0)
        out[64] = *((char *)A + 3); // byte 3, still thread 0's own A[0]
    __syncthreads();
    out[t] = A[(t + 1) % 64];
}
