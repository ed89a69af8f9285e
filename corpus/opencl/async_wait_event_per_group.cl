//pass
//--local_size=64 --num_groups=4
// expect: drf — the second copy joins the first one's event, so e[0] and e[1] both cover both halves; the work-group waits on the one its group number picks, the same for all its work-items, then each work-item reads its own copied element
__kernel void k(__global const float *in, __global float *out, __local float *tile)
{
    event_t e[2];
    e[0] = async_work_group_copy(tile, in + get_group_id(0) * 64, 32, 0);
    e[1] = async_work_group_copy(tile + 32, in + get_group_id(0) * 64 + 32, 32, e[0]);
    wait_group_events(1, e + get_group_id(0) % 2);
    out[get_global_id(0)] = tile[get_local_id(0)];
}
