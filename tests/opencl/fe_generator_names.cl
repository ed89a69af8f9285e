//pass
//--local_size=64 --num_groups=4
// expect: drf — the generator's names read back (sync tile, sync value), and pointers used only as *p or atomically are scalars
int __mapkit_sync_value(void);
void __mapkit_sync_tile(int n);
int __mapkit_warp_size(void);

__kernel void generator_names(__global int *total, __global const int *limit, __global int *out)
{
    int lid = get_local_id(0);
    out[get_group_id(0) * 64 + lid] = *limit;
    atomic_add(total, 1);
    atom_inc(total);
    __mapkit_sync_tile(32);
    int v = __mapkit_sync_value();
    out[256 + get_group_id(0) * 64 + lid] = v;
    out[512 + (get_group_id(0) * 64 + lid) * __mapkit_warp_size()] = lid;
}
