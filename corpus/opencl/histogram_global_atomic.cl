//pass
//--local_size=64 --num_groups=32
// expect: drf — every work-item bumps a global bin with atomic_inc
__kernel void histogram_global_atomic(__global const uint *keys, int n, __global uint *hist, uint nbins)
{
    int i = get_global_id(0);
    if (i < n)
        atomic_inc(&hist[keys[i] % nbins]);
}
