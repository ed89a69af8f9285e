//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// expect: racy — a: in the middle chunk thread t writes a[i + t] and thread t' writes a[j - 1 - t'], the same cell when i + t == j - 1 - t' (no guard on the last, overlapping chunk).
// One block reverses an array in place without guarding the middle chunk.
__global__ void reverseInPlaceUnguarded(int *a, int n)
{
    __shared__ int lo[256], hi[256];
    int t = threadIdx.x;
    int i = 0, j = n;
    while (i < j) {
        lo[t] = a[i + t];
        hi[t] = a[j - 1 - t];
        __syncthreads();
        a[i + t] = hi[t];
        a[j - 1 - t] = lo[t];
        __syncthreads();
        i += blockDim.x;
        j -= blockDim.x;
    }
}
