//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — A: with row = A + blockIdx.x, thread t+1 of block b and thread t of block b+1 both read and write A[b+t+1] through row[threadIdx.x] *= ....
// Per-row scale whose row pointer forgot to multiply by the row length.
__global__ void scaleRowsBadOffset(float *A, const float *scale)
{
    float *row = A + blockIdx.x;      // BUG: should be A + blockIdx.x * blockDim.x
    row[threadIdx.x] *= scale[blockIdx.x];
}
