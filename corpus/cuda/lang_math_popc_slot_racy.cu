//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1
// expect: racy — slots: threads 1 and 2 both compute __popc(t & 3) == 1 and write slots[1] with different values.
// Compacts by population count without a prefix sum: distinct threads
// land on one slot.
__global__ void compactByPopc(const int *vals, int *slots)
{
    int t = threadIdx.x;
    slots[__popc(t & 3)] = vals[t];
}
