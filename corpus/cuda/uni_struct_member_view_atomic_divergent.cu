//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: divergent — the 64-bit atomicAdd through (unsigned long long *)&l->limit covers limit and pad: thread 0 changes limit while the others read it for the loop bound, so the block may disagree on the barriers.
// uni_struct_member_view_atomic.cu bumping the 64 bits that hold the bound.
struct Lane {
    int2 narcs_end;
    int limit;
    int pad;
};

__global__ void bump(Lane *lanes)
{
    Lane *l = &lanes[blockIdx.x];
    for (int s = 0; s < l->limit; s++) {
        if (threadIdx.x == 0)
            atomicAdd((unsigned long long *)&l->limit, 1ull);
        __syncthreads();
    }
}
