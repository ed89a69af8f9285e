//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — i is distinct only within a block (__same_group), and out is global: two blocks may store to out[i].
__global__ void k(const int *perm, int *out)
{
    int i = perm[threadIdx.x];
    __assume(__implies(__same_group(), __other_int(i) != i));
    out[i] = threadIdx.x;
}
