//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=16
// expect: racy — bins[data[i]]++ with plain loads and stores: two work-items may read the same byte value
#define BINS 256

__kernel void histogram_local_plain(__global const uchar *data, int n, __global uint *hist)
{
    __local uint bins[BINS];
    int lid = get_local_id(0);
    bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        bins[data[i]]++;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&hist[lid], bins[lid]);
}
