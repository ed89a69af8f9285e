//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — foundAt: two threads whose keys[i] both equal key write foundAt[0] = i with plain stores (a write-write race on one global cell).
// Linear search that records "the" position of a key; with duplicates the
// result depends on the schedule.
__global__ void findKey(const int *keys, int n, int key, int *foundAt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && keys[i] == key)
        *foundAt = i;                 // BUG: use atomicMin(foundAt, i)
}
