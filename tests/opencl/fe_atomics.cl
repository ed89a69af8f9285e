//pass
//--local_size=64 --num_groups=16
// expect: drf — atomic_inc hands out distinct slots; the __local histogram is updated atomically
__kernel void compact(__global const int *in, __global int *out, __global int *count, __global int *hist)
{
    __local int bins[16];
    int lid = get_local_id(0);
    if (lid < 16)
        bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)];
    atom_add(&bins[v & 15], 1);
    if (v > 0) {
        int slot = atomic_inc(count);
        out[slot] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16)
        atomic_add(&hist[lid], bins[lid]);
    atomic_max(&hist[16], v);
    atomic_cmpxchg(&hist[17], 0, v);
}
