//pass
//--local_size=64 --num_groups=16
// expect: drf — atomic_fetch_add gives each work-item a distinct slot of the output (a stream compaction)
// cl-std: CL2.0
__kernel void atomic_ticket_slots(__global const int *in, __global int *out, __global atomic_uint *next)
{
    int v = in[get_global_id(0)];
    if (v > 0) {
        uint slot = atomic_fetch_add(next, 1u);
        out[slot] = v;
    }
}
