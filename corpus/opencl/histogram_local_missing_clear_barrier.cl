//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=16
// expect: racy — no barrier after clearing: one work-item clears bins[lid] while another atomically increments it
#define BINS 256

__kernel void histogram_local_missing_clear_barrier(__global const uchar *data, int n, __global uint *hist)
{
    __local uint bins[BINS];
    int lid = get_local_id(0);
    bins[lid] = 0;
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&bins[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&hist[lid], bins[lid]);
}
