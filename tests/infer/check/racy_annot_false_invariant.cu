//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — the invariant claims no thread writes A, but the loop does, and thread t+1's write of A[t+1] races with thread t's read; invariants are ignored, not trusted.
__global__ void shift(int *A, int n)
{
    for (int i = 0; __invariant(__no_write(A)), __invariant(__write_implies(A, false)), i < n; i++) {
        A[threadIdx.x] = A[threadIdx.x + 1] + i;
    }
}
